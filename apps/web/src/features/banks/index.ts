export { useBanks, banksQueryOptions } from './api/get-banks';
