import { type AreaFiles, bundle } from './bundle';
import shared from './ru.json';

/** Every ru string of the console (loaded when the language is chosen). */
export default bundle('ru', shared, {
  ...import.meta.glob<AreaFiles[string]>('../areas/*/locales/ru.json', { eager: true, import: 'default' }),
  ...import.meta.glob<AreaFiles[string]>('../kit/*/locales/ru.json', { eager: true, import: 'default' }),
});
