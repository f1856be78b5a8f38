/** The wire format of the service, defined once for the service and the extension. */
export * from './common';
export * from './link';
export * from './tag';
export * from './domain';
export * from './analytics';
export * from './tracking';
