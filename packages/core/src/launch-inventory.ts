// product.md#trust-findings finding 7: a launch's items stay in the maker wallet while the launch
// holds them.

/** 409 of withdrawal-inscriptions for an item a live (or preparing) launch holds. */
export const launchHoldsInscription = (id: string, slug: string) =>
  `Inscription ${id} is in the launch ${slug} (/mint/${slug}): it cannot leave the maker wallet while the launch holds it`;

// product.md#trust-findings finding 3: reservations are bound to coins, and capped per wallet and
// per client.
export const COINS_PROMISED =
  'Your coins already fund another open order: complete it, wait until it lapses (about 2 minutes), or pay from other coins';
export const tooManyReservationsOfWallet = (max: number) =>
  `This wallet already holds ${max} open reservations: complete one or wait until it lapses`;
export const tooManyReservationsOfClient = (max: number) =>
  `Too many open reservations from this connection (${max}): complete one or wait until it lapses`;
