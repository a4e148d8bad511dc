// What the portal's areas share: the sidebar groups they hang their screens under and the head
// of their tables.
import { tableHead } from '@core/shared';

/** 展示信息 (/dataBase/displayInformation): news, banners, the display series, the big screen. */
export const DISPLAY_GROUP = 'dataBase.displayInformation';
/** 门户管理 (declaration platform's Portal Management): content maintenance, online messages. */
export const PORTAL_GROUP = 'portalManagement';

/** The head of a portal table: its screen's menu and title, the field naming a row, newest first. */
export const portalTable = tableHead('portal');
