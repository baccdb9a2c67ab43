/** What the badge means, for its tooltip. */
const PROTECTED_TITLE =
  'Snipe protected: the platform co-signs each purchase, so no one can outbid the buyer in the mempool';

/**
 * The mark of a snipe-protected listing (ADR 009) beside its price: a shield and "Protected",
 * named "Snipe protected" for assistive technology. No heavy imports: price grids load it.
 */
export function ProtectedBadge({ className = '' }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Snipe protected"
      title={PROTECTED_TITLE}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full border border-sky-500/40 bg-sky-500/10 px-2 py-0.5 text-[11px] font-medium text-sky-300 ${className}`}
    >
      <ShieldIcon />
      Protected
    </span>
  );
}

function ShieldIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4" />
    </svg>
  );
}
