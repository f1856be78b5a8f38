/**
 * The background's entry: WXT imports this file at build time, so nothing
 * runs outside `main`; createBackground registers every listener
 * synchronously in it, so an event that wakes the worker finds its listener.
 */
import { defineBackground } from 'wxt/utils/define-background';
import { createBackground } from '@/lib/background/create-background';

export default defineBackground(() => createBackground());
