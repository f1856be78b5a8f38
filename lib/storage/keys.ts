/**
 * Where lib/storage/settings.ts keeps the connection (a WXT storage key: the area,
 * then the storage.local key), shared with the side panel's light reader
 * (lib/sidepanel/scope.ts) so both name the same record.
 */
export const CONNECTION_STORAGE_KEY = 'local:connection';
