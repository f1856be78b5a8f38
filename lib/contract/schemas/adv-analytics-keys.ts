/**
 * The four advanced views and the three buckets of each, as the service
 * names them. A module of its own, without the schemas: the side panel reads
 * these names before its first chart, and the schemas' library would come
 * with them otherwise. lib/contract/schemas/analytics.ts re-exports them.
 */
export const ADV_ANALYTICS_KEYS = {
  power_parity_recommendation: ['Prosperity Zones', 'Balanced Economies', 'Economic Struggles'],
  population_literacy_recommendation: ['Educational Frontiers', 'Diverse Growth Districts', 'Emerging Development Corridors'],
  upi_penetration_recommendation: ['Advanced UPI Adoption', 'Intermediate UPI Integration', 'UPI Beginners'],
  age_groups_recommendation: ['Youthful EpiCenters', 'Age-Balanced Environments', 'Youth Deficient Districts'],
} as const;
export type AdvAnalyticsKey = keyof typeof ADV_ANALYTICS_KEYS;
