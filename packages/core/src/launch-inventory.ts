// Issue 13 finding 7: a launch's items stay in the maker wallet while the launch holds them.

/** 409 of withdrawal-inscriptions for an item a live (or preparing) launch holds. */
export const launchHoldsInscription = (id: string, slug: string) =>
  `Inscription ${id} is in the launch ${slug} (/mint/${slug}): it cannot leave the maker wallet while the launch holds it`;
