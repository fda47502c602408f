import type { Area } from '@switchboard/model';
import {
  IconAddressBook,
  IconBook2,
  IconHeadset,
  IconPlugConnected,
  IconRoute,
  IconSettings,
  IconShieldLock,
  type TablerIcon,
} from '@tabler/icons-react';

export const AREA_ICONS: Record<Area, TablerIcon> = {
  directory: IconAddressBook,
  routing: IconRoute,
  lookups: IconBook2,
  'contact-center': IconHeadset,
  integrations: IconPlugConnected,
  permissions: IconShieldLock,
  system: IconSettings,
};
