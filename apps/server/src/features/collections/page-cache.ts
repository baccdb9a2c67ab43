import { LRUCache } from 'lru-cache';

/**
 * Inscriptions pages this process already answered, as the JSON it sent, each with the
 * collection's page_version it was computed at (0015_page_versions, renewed by the triggers of
 * db/functions/page_version_on_*.sql). A page is answered from here only when the version read now
 * is that one: any change to what the page shows gives the collection a new version, in whichever
 * process or transaction made it. Bounded by bytes.
 */
export class PageCache {
  private readonly pages: LRUCache<string, { version: string; body: string }> | undefined;

  /** `maxBytes` 0 turns the cache off (every page is computed). */
  constructor(maxBytes: number) {
    this.pages =
      maxBytes > 0
        ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (page) => page.body.length + 64 })
        : undefined;
  }

  get isEnabled(): boolean {
    return this.pages !== undefined;
  }

  /** The page's JSON when it was computed at `version`. */
  get(key: string, version: string): string | undefined {
    const page = this.pages?.get(key);
    return page?.version === version ? page.body : undefined;
  }

  set(key: string, version: string, body: string): void {
    this.pages?.set(key, { version, body });
  }
}
