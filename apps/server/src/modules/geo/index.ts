/** The geo module's face: all that code outside it may import (modules/README.md). */
export { primarySite } from './geo-sites.service';
export { startGeoStatusReporter } from './geo-status-reporter';
