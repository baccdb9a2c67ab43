import type { Generated } from 'kysely';
import type {
  Int8Identity,
  Timestamp,
  TimestampRequired,
  TimestampNullable,
  UpdatedAt,
  JsonValue,
  Jsonb,
} from './column-types.ts';

// Kysely's view of the tables of one area: wallet users, sign-in challenges, profiles, X accounts.
// How values cross the driver: database.ts.

interface UsersTable {
  id: Generated<string>;
  address: string;
  public_key: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp;
}

/** 0013: a user's connected X account (ADR 013); tokens are sealed ciphertexts, never answered. */
export interface XAccountsTable {
  user_id: string;
  x_user_id: string;
  username: string;
  name: string;
  access_token: string;
  refresh_token: string | null;
  access_token_expires_at: TimestampNullable;
  scope: Generated<string>;
  connected_at: Timestamp;
  profile_read_at: Timestamp;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

/** 0013: an X sign-in under way: single use, 10 minutes. */
interface XOAuthStatesTable {
  state: string;
  user_id: string;
  code_verifier: string;
  created_at: Timestamp;
  expires_at: TimestampRequired;
  used_at: TimestampNullable;
}

interface AuthChallengesTable {
  id: Generated<string>;
  address: string;
  message: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: TimestampRequired;
  used_at: TimestampNullable;
}

/** metadata.name is the profile's display name (product.md#records Profile). */
interface ProfileMetadata {
  name?: string;
  [key: string]: JsonValue | undefined;
}

interface ProfilesTable {
  user_id: string;
  username: string | null;
  is_artist: Generated<boolean>;
  metadata: Jsonb<ProfileMetadata>;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

interface AddressesTable {
  id: Int8Identity;
  address: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface AccountTables {
  users: UsersTable;
  x_accounts: XAccountsTable;
  x_oauth_states: XOAuthStatesTable;
  auth_challenges: AuthChallengesTable;
  profiles: ProfilesTable;
  addresses: AddressesTable;
}
