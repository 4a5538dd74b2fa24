import { type OrderAction, type OrderActionIconKey, orderActionRules } from '@dosechain/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';

/** The one map from the action table's icon keys to icons and their colours (the contract holds no React). */
const icons: Record<
  OrderActionIconKey,
  { Icon: typeof CheckCircleIcon; color: 'success' | 'error' | 'primary' | 'warning' }
> = {
  confirm: { Icon: CheckCircleIcon, color: 'success' },
  refuse: { Icon: DoNotDisturbIcon, color: 'error' },
  dispatch: { Icon: Inventory2Icon, color: 'primary' },
  ship: { Icon: LocalShippingIcon, color: 'primary' },
  withdraw: { Icon: CancelIcon, color: 'warning' },
};

/** The action's icon, in its colour; `plain` takes the colour of what it sits on (a coloured button). */
export function OrderActionIcon({ action, plain = false }: { action: OrderAction; plain?: boolean }) {
  const { Icon, color } = icons[orderActionRules[action].icon];
  return plain ? <Icon /> : <Icon color={color} />;
}
