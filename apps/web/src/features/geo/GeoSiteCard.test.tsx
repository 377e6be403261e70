import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GeoSiteCard } from './GeoSiteCard';
import type { GeoSite, GeoSiteStatus } from './geoApi';

afterEach(cleanup);

const site: GeoSite = {
  id: 2,
  name: 'Tokyo',
  url: 'https://tokyo.example.com/',
  internal_url: 'https://tokyo.example.com/',
  primary: false,
  enabled: true,
  current: false,
};

const status = (overrides: Partial<GeoSiteStatus>): GeoSiteStatus => ({
  geo_node_id: 2,
  healthy: true,
  health: 'Healthy',
  health_status: 'Healthy',
  db_replication_lag_seconds: 0,
  replication_state: 'streaming',
  last_successful_status_check_timestamp: Math.floor(Date.now() / 1000) - 30,
  updated_at: new Date().toISOString(),
  ...overrides,
});

function renderCard(s: GeoSiteStatus) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <GeoSiteCard site={site} status={s} editing={false} />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByRole('listitem', { name: 'Tokyo' });
}

describe('a Geo site’s card', () => {
  it('shows when the status was last checked, relative, with the exact time on hover', () => {
    const seconds = Math.floor(Date.now() / 1000) - 3 * 3600;
    const card = renderCard(status({ last_successful_status_check_timestamp: seconds }));
    const time = within(card).getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(new Date(seconds * 1000).toISOString());
    expect(time.getAttribute('title')).toBe(new Date(seconds * 1000).toLocaleString());
    expect(within(card).getByText('Healthy')).toBeTruthy();
  });

  it('shows a secondary whose reports stopped as Offline, with GitLab’s text', () => {
    const text = 'Status has not been updated in the past 10 minutes';
    const card = renderCard(
      status({
        healthy: false,
        health: text,
        health_status: 'Offline',
        last_successful_status_check_timestamp: Math.floor(Date.now() / 1000) - 11 * 60,
      }),
    );
    expect(within(card).getByText('Offline').getAttribute('title')).toBe(text);
    expect(within(card).getByRole('status').textContent).toBe(text);
    expect(within(card).getByText('11 minutes ago')).toBeTruthy();
  });

  it('says Never for a secondary that never reported', () => {
    const card = renderCard(status({ last_successful_status_check_timestamp: null }));
    expect(within(card).getByText('Never')).toBeTruthy();
  });
});
