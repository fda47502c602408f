import { type AreaFiles, bundle } from './bundle';
import shared from './ua.json';

/** Every ua string of the console (loaded when the language is chosen). */
export default bundle('ua', shared, {
  ...import.meta.glob<AreaFiles[string]>('../areas/*/locales/ua.json', { eager: true, import: 'default' }),
  ...import.meta.glob<AreaFiles[string]>('../kit/*/locales/ua.json', { eager: true, import: 'default' }),
});
