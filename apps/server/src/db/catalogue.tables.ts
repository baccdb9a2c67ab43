import type { Generated, Insertable } from 'kysely';
import type {
  Int8,
  Int8Nullable,
  Int8Identity,
  Timestamp,
  UpdatedAt,
  Jsonb,
} from './column-types.ts';

// Kysely's view of the tables of one area: collections, their inscriptions and traits.
// How values cross the driver: database.ts.

export interface CollectionsTable {
  id: Int8Identity;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  banner_image: string | null;
  inscription_icon: string | null;
  discord_link: string | null;
  telegram_link: string | null;
  twitter_link: string | null;
  instagram_link: string | null;
  website_link: string | null;
  creator_name: string | null;
  creator_email: string | null;
  creator_btc_address: string | null;
  creator_user_id: string | null;
  category: string | null;
  is_tradable: Generated<boolean>;
  is_under_review: Generated<boolean>;
  is_zero_fee: Generated<boolean>;
  display_grafana: Generated<boolean>;
  extra_metadata: Jsonb;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

interface InscriptionsTable {
  inscription_id: string;
  collection_id: Int8Nullable;
  name: string | null;
  file_type: string | null;
  high_res_img_url: string | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

interface AttributesTable {
  inscription_id: string;
  collection_id: Int8;
  category: string;
  value: string;
  value_type: Generated<string>;
}

export interface CatalogueTables {
  collections: CollectionsTable;
  inscriptions: InscriptionsTable;
  attributes: AttributesTable;
}

export type NewCollection = Insertable<CollectionsTable>;
