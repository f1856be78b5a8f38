import type { DestinationMetaData, Link } from '../../lib/contract/schemas';
import type { ServerConfig } from '../config';
import { shortUrl } from './short-url';

/** A row of `links` as stored (001-core.sql). */
export interface LinkRow {
  id: string;
  workspace_id: string;
  domain: string;
  keyword: string;
  long_url: string;
  active: number;
  tags: string;
  total_clicks: number;
  metadata: string;
  created_by: string;
  modified_by: string;
  created_date: string;
}

export const LINK_COLUMNS =
  'id, workspace_id, domain, keyword, long_url, active, tags, total_clicks, metadata, created_by, modified_by, created_date';

const META_FIELDS = ['author', 'description', 'image', 'logo', 'publisher', 'title', 'url', 'metaTags', 'date'] as const;

/** The interface's Link. destinationUrlMetaData holds only the string fields the fetcher found. */
export function toLink(row: LinkRow, config: ServerConfig): Link {
  return {
    _id: row.id,
    workspaceId: row.workspace_id,
    shortUrl: shortUrl(config, row.domain, row.keyword),
    longUrl: row.long_url,
    linkActive: row.active === 1,
    tags: parseTags(row.tags),
    totalClicks: row.total_clicks,
    destinationUrlMetaData: parseMetadata(row.metadata),
    createdBy: row.created_by,
    modifiedBy: row.modified_by,
    createdDate: row.created_date,
  };
}

function parseTags(json: string): string[] {
  const value = safeParse(json);
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

function parseMetadata(json: string): DestinationMetaData {
  const value = safeParse(json);
  const out: DestinationMetaData = {};
  if (typeof value !== 'object' || value === null) return out;
  const record = value as Record<string, unknown>;
  for (const field of META_FIELDS) {
    const item = record[field];
    if (typeof item === 'string') out[field] = item;
  }
  return out;
}

// A column written by another part (the metadata fetcher) must not break listing if it is ever malformed.
function safeParse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
