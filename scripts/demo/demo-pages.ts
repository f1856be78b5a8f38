/**
 * The public-looking web the demo shows: pages with real titles and site
 * icons on `.example` hosts (reserved, so never someone's real site), and the
 * short host the service's links are made on. Chromium reaches them through
 * `--host-resolver-rules` (./demo-browser.ts), so no picture shows 127.0.0.1.
 */

/** The host the service's short links are made on (its publicUrl); a TLS front answers for it. */
export const SHORT_HOST = 'acme.link';

/** One page of the demo web. */
export interface DemoPage {
  url: string;
  title: string;
  description: string;
  /** The site icon: a letter on a colour, as many sites' icons are. */
  icon: { letter: string; colour: string };
}

const ACME = { letter: 'A', colour: '#d9480f' };
const NORTHWIND = { letter: 'N', colour: '#1864ab' };
const CONTOSO = { letter: 'C', colour: '#2b8a3e' };
const FABRIKAM = { letter: 'F', colour: '#862e9c' };
const TAILSPIN = { letter: 'T', colour: '#0b7285' };
const LITWARE = { letter: 'L', colour: '#c92a2a' };
const WINGTIP = { letter: 'W', colour: '#e67700' };

/** Every page, the links of the demo workspace first (./demo-workspace.ts picks them by index). */
export const DEMO_PAGES: readonly DemoPage[] = [
  { url: 'https://www.acme-events.example/spring-launch-2026', title: 'Spring Launch 2026 · Acme Events', description: 'Three days of talks, workshops and demos in Lisbon.', icon: ACME },
  { url: 'https://blog.northwind.example/2026/03/shipping-faster-with-smaller-teams', title: 'Shipping faster with smaller teams | Northwind Blog', description: 'What we learned moving to teams of four.', icon: NORTHWIND },
  { url: 'https://docs.contoso.example/getting-started/install', title: 'Install the Contoso CLI · Contoso Docs', description: 'Install and sign in to the Contoso command-line tool.', icon: CONTOSO },
  { url: 'https://shop.fabrikam.example/collections/summer-2026', title: 'Summer 2026 Collection | Fabrikam', description: 'Linen, cotton and light layers for the warm months.', icon: FABRIKAM },
  { url: 'https://www.tailspin.example/careers/frontend-engineer', title: 'Frontend Engineer (Remote) – Careers at Tailspin', description: 'Join the team building Tailspin’s booking app.', icon: TAILSPIN },
  { url: 'https://news.litware.example/2026/04/city-council-approves-new-bike-lanes', title: 'City council approves 40 km of new bike lanes – Litware News', description: 'The plan links the river paths to the city centre by 2028.', icon: LITWARE },
  { url: 'https://www.acme-events.example/tickets', title: 'Tickets · Acme Events', description: 'Early-bird, team and student passes.', icon: ACME },
  { url: 'https://www.wingtip.example/recipes/lemon-tart', title: 'Classic lemon tart – Wingtip Kitchen', description: 'A crisp shortcrust and a silky lemon filling.', icon: WINGTIP },
  { url: 'https://learn.northwind.example/courses/sql-basics', title: 'SQL Basics: a free 6-week course — Northwind Learn', description: 'Queries, joins and indexes, with exercises.', icon: NORTHWIND },
  { url: 'https://status.contoso.example/', title: 'Contoso Status', description: 'Live status of Contoso services.', icon: CONTOSO },
  // Pages outside the workspace: the popup's, the queue's and the bulk list's.
  { url: 'https://www.acme-events.example/speakers', title: 'Speakers · Acme Events', description: 'Meet the people on stage at Spring Launch 2026.', icon: ACME },
  { url: 'https://blog.northwind.example/2026/05/our-remote-onboarding-checklist', title: 'Our remote onboarding checklist | Northwind Blog', description: 'Forty small things for a new colleague’s first week.', icon: NORTHWIND },
  { url: 'https://shop.fabrikam.example/gift-cards', title: 'Gift cards | Fabrikam', description: 'Send a Fabrikam gift card by email in a minute.', icon: FABRIKAM },
  { url: 'https://docs.contoso.example/api/webhooks', title: 'Webhooks · Contoso Docs', description: 'Receive events from Contoso as they happen.', icon: CONTOSO },
];

/** Every host of the demo web, short host included. */
export function demoHosts(): string[] {
  return [...new Set([SHORT_HOST, ...DEMO_PAGES.map((page) => new URL(page.url).hostname)])];
}
