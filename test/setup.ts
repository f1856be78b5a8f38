// idb-keyval needs IndexedDB; Node has none, fake-indexeddb provides a real implementation.
import 'fake-indexeddb/auto';
