/** An inscription of the seller's, at its current output. */
export type ListableInscription = {
  inscriptionId: string;
  label: string;
  outpoint: string;
  price?: bigint | null;
  /** Where it sits, when the page knows: one in the maker wallet is listed protected, unmoved. */
  address?: string;
};
