/**
 * The cards under the trend: where the clicks come from and what they click
 * with (ranked lists), the hours of the day, the advanced analytics. Their
 * own chunk (./lazy-more-cards.tsx): the first figures' frame and the trend's
 * chart do not wait for their code.
 */
import { t } from '../../lib/i18n/catalogue';
import type { PanelBlocks } from '../../lib/analytics-view/panel-blocks';
import { AdvancedSection } from './advanced-section';
import { ChartBoundary } from './chart-boundary';
import type { ChartTheme } from '../../lib/analytics-view/chart-config';
import { HoursCard } from './hours-card';
import { RankedCard } from './ranked-card';

export interface MoreCardsProps {
  panel: PanelBlocks;
  theme: ChartTheme;
  fileBase: string;
}

export function MoreCards({ panel, theme, fileBase }: MoreCardsProps) {
  return (
    <>
      <ChartBoundary title={t('sidepanelLocations')}>
        <RankedCard
          title={t('sidepanelLocations')}
          tabsLabel={t('sidepanelLocations')}
          panel={panel}
          fileBase={fileBase}
          views={[
            { id: 'clickedCountries', label: t('analyticsUniqueCountries') },
            { id: 'topStates', label: t('analyticsUniqueStates') },
            { id: 'topCities', label: t('analyticsUniqueCities') },
          ]}
        />
      </ChartBoundary>
      <ChartBoundary title={t('sidepanelTechnology')}>
        <RankedCard
          title={t('sidepanelTechnology')}
          tabsLabel={t('sidepanelTechnology')}
          panel={panel}
          fileBase={fileBase}
          views={[
            { id: 'topDevices', label: t('sidepanelDevices') },
            { id: 'topBrowsers', label: t('sidepanelBrowsers') },
            { id: 'topPlatforms', label: t('sidepanelPlatforms') },
          ]}
        />
      </ChartBoundary>
      <ChartBoundary title={t('analyticsHourDayClicks')}>
        <HoursCard panel={panel} theme={theme} fileBase={fileBase} />
      </ChartBoundary>
      <AdvancedSection panel={panel} fileBase={fileBase} />
    </>
  );
}
