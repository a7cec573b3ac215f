export { WatchError } from './watch-error.js';
export { INOTIFY_FIX, WatchLimitError } from './watch-limit-error.js';
