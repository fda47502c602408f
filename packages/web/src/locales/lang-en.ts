import { type AreaFiles, bundle } from './bundle';
import shared from './en.json';

/** Every en string of the console (loaded with the first page: English is the default and the fallback). */
export default bundle('en', shared, {
  ...import.meta.glob<AreaFiles[string]>('../areas/*/locales/en.json', { eager: true, import: 'default' }),
  ...import.meta.glob<AreaFiles[string]>('../kit/*/locales/en.json', { eager: true, import: 'default' }),
});
