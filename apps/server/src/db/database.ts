/**
 * Kysely's view of the tables of migrations/0001_init.sql. Change both together.
 *
 * How values cross the driver, the same on node-postgres and on PGlite:
 * - int8 (bigint: sats, UTC seconds, identity keys) reads as a decimal string. node-postgres
 *   returns int8 as text; PGlite needs an int8 parser that returns the text (its default is a
 *   lossy number), passed in the options object: `new PGlite({ dataDir, parsers })`, because
 *   `new PGlite(undefined, options)` ignores its options. Writes take a string or a bigint.
 *   Turn it into `bigint` at the store boundary.
 * - numeric (fee rates in sat/vB, token amounts beyond int8) reads as a string on both; writes take
 *   a string or a number.
 * - timestamptz reads as a Date; writes take a Date or an ISO 8601 string. Phase start_date and
 *   end_date are not timestamps but UTC seconds (int8), as product.md#records has them.
 * - jsonb reads as parsed JSON; write JSON text (`JSON.stringify(value)`): node-postgres would send
 *   a JavaScript array as a PostgreSQL array literal.
 * - updated_at is set by a trigger; it is not written by application code.
 */
import type { ChainTables } from './chain.tables.ts';
import type { Brc20Tables } from './brc20.tables.ts';
import type { RuneTables } from './runes.tables.ts';
import type { ClaimTables } from './claims.tables.ts';
import type { SwapTables } from './swap.tables.ts';
import type { MultisigTables } from './multisig.tables.ts';
import type { TradingTables } from './trading.tables.ts';
import type { AccountTables } from './accounts.tables.ts';
import type { CatalogueTables } from './catalogue.tables.ts';
import type { LaunchpadTables } from './launchpad.tables.ts';
import type { MarketTables } from './market.tables.ts';
import type { OrderTables } from './orders.tables.ts';
import type { NotificationTables } from './notifications.tables.ts';
import type { ReviewTables } from './review.tables.ts';
import type { RewardTables } from './rewards.tables.ts';

/** Every table, one file per area. */
export interface Database
  extends
    ChainTables,
    Brc20Tables,
    RuneTables,
    ClaimTables,
    SwapTables,
    MultisigTables,
    TradingTables,
    AccountTables,
    CatalogueTables,
    LaunchpadTables,
    MarketTables,
    OrderTables,
    NotificationTables,
    ReviewTables,
    RewardTables {}
