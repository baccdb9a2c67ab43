import type { ColumnType, GeneratedAlways } from 'kysely';

// How each PostgreSQL type crosses the driver (database.ts says why): the column types every
// table file uses.

/** int8, NOT NULL. */
export type Int8 = ColumnType<string, string | bigint, string | bigint>;
/** int8, NOT NULL with a default. */
export type Int8Default = ColumnType<string, string | bigint | undefined, string | bigint>;
/** int8, nullable. */
export type Int8Nullable = ColumnType<
  string | null,
  string | bigint | null | undefined,
  string | bigint | null
>;
/** int8 `generated always as identity`: never written. */
export type Int8Identity = GeneratedAlways<string>;

/** numeric, nullable. */
export type NumericNullable = ColumnType<
  string | null,
  string | number | null | undefined,
  string | number | null
>;
/** numeric, NOT NULL. */
export type Numeric = ColumnType<string, string | number, string | number>;

/** timestamptz, NOT NULL with a default (usually now()). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** timestamptz, NOT NULL, no default. */
export type TimestampRequired = ColumnType<Date, Date | string, Date | string>;
/** timestamptz, nullable. */
export type TimestampNullable = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** updated_at: kept by the set_updated_at trigger. */
export type UpdatedAt = ColumnType<Date, never, never>;

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
/** jsonb NOT NULL with a default: parsed on read, JSON text on write. */
export type Jsonb<T = JsonObject> = ColumnType<T, string | undefined, string>;
