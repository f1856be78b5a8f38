import { Component, type ComponentChildren } from 'preact';
import { t } from '../../lib/i18n/catalogue';

interface Props {
  title: string;
  children: ComponentChildren;
}

/** One chart failing to render (a Chart.js throw, a bug) shows a sentence in its place; the rest of the panel still draws. */
export class ChartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  override componentDidCatch(error: unknown): void {
    console.error('side panel chart failed', error);
    this.setState({ failed: true });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section class="card block-card" data-failed="true">
        <h2>{this.props.title}</h2>
        <p class="muted">{t('sidepanelChartFailed')}</p>
      </section>
    );
  }
}
