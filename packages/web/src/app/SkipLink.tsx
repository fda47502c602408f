import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The id of the element that holds a screen's content; the skip link moves focus there. */
export const MAIN_ID = 'main-content';

/** The first stop of the keyboard: jumps past the header and the navigation to the screen. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skip} href={`#${MAIN_ID}`}>
      {t('nav.skipToContent')}
    </a>
  );
}
