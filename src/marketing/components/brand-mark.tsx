/** The favicon's mark (public/favicon.svg), inline so it costs no request. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0958d9" />
      <path d="M6 13h3v6H6zm17 0h3v6h-3zM9 11h3v10H9zm11 0h3v10h-3zM12 15h8v2h-8z" fill="#fff" />
    </svg>
  );
}
