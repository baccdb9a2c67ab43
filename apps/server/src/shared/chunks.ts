/**
 * `rows` in consecutive chunks of at most `size` (the last may be shorter; none when `rows` is
 * empty): an INSERT under PostgreSQL's 65,535 bind parameters, a JSON-RPC batch of bounded size.
 */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
