// Menu and badge icons are named in plugin data; this maps names to components.
// Only the icons listed here reach the bundle; unknown names fall back to a dot.
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AltRoute from '@mui/icons-material/AltRoute';
import Anchor from '@mui/icons-material/Anchor';
import Article from '@mui/icons-material/Article';
import BarChart from '@mui/icons-material/BarChart';
import Circle from '@mui/icons-material/FiberManualRecord';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import DirectionsBoat from '@mui/icons-material/DirectionsBoat';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Extension from '@mui/icons-material/Extension';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Inventory from '@mui/icons-material/Inventory';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Notifications from '@mui/icons-material/Notifications';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Scale from '@mui/icons-material/Scale';
import Schedule from '@mui/icons-material/Schedule';
import Settings from '@mui/icons-material/Settings';
import Storage from '@mui/icons-material/Storage';
import Warehouse from '@mui/icons-material/Warehouse';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Gavel from '@mui/icons-material/Gavel';
import Business from '@mui/icons-material/Business';
import Storefront from '@mui/icons-material/Storefront';

const ICONS: Record<string, SvgIconComponent> = {
  AccountBalanceWallet,
  AltRoute,
  Anchor,
  Article,
  BarChart,
  Dashboard,
  Description,
  DirectionsBoat,
  DirectionsCar,
  Extension,
  Groups,
  History,
  Inventory,
  LocalShipping,
  Notifications,
  Payments,
  People,
  Scale,
  Schedule,
  Settings,
  Storage,
  Warehouse,
  Storefront,
  Business,
  Gavel,
  ReceiptLong,
};

export function NamedIcon({ name, fontSize = 'small' }: { name?: string | null; fontSize?: 'small' | 'medium' | 'inherit' }) {
  const Icon = (name && ICONS[name]) || Circle;
  return <Icon fontSize={fontSize} sx={name && ICONS[name] ? undefined : { fontSize: 8 }} />;
}
