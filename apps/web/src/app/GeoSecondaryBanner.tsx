import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api';
import { configKeys } from '../lib/queries';
import { Alert } from '../ui/Alert';

interface SiteConfig {
  geo_secondary?: boolean;
  geo_primary_url?: string | null;
}

/** On a Geo secondary site, GitLab's banner on every page: it is read-only, changes go to the primary. */
export function GeoSecondaryBanner() {
  const config = useQuery({
    queryKey: configKeys.client(),
    queryFn: ({ signal }) => apiGet<SiteConfig>('/-/config.json', signal),
    staleTime: 30_000,
  });
  if (!config.data?.geo_secondary) return null;
  const primary = config.data.geo_primary_url;
  return (
    <Alert variant="warning">
      You are on a secondary, read-only Geo site. If you want to make changes, you must visit the primary site.
      {primary && (
        <>
          {' '}
          <a href={primary}>Go to the primary site</a>
        </>
      )}
    </Alert>
  );
}
