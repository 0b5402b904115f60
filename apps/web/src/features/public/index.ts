/** What the app shell may use from the public feature. Pages are loaded lazily by the router. */
export { services, type Service, type ServiceKey } from './services';
