import {
  BankIcon,
  CardIcon,
  CashIcon,
  ChatIcon,
  ExchangeIcon,
  GridIcon,
  HomeIcon,
  ListIcon,
  MailIcon,
  PlusCircleIcon,
  QuestionIcon,
  RequestIcon,
  SendIcon,
  SlidersIcon,
  StarIcon,
  TicketIcon,
  UserIcon,
  WalletIcon,
} from '../../components/ui/icons';

export interface NavItem {
  to: string;
  /** Key in the dashboard namespace. */
  labelKey: string;
  icon: typeof HomeIcon;
  /** Highlight only on this exact path (the dashboard home would otherwise match every child). */
  end?: boolean;
}

export interface NavGroup {
  /** Key of the group's heading in the dashboard namespace; the first group has none. */
  headingKey?: string;
  items: NavItem[];
}

/**
 * The side navigation, grouped as people look for things: the everyday actions first, the four
 * ways to add money together, then the rest under "More". Labels are readable; the route paths
 * stay as bookmarked (the spec's table).
 */
export const navGroups: NavGroup[] = [
  {
    items: [
      { to: '/dashboard', labelKey: 'nav.dashboard', icon: GridIcon, end: true },
      { to: '/dashboard/sendMoney', labelKey: 'nav.sendMoney', icon: SendIcon },
      { to: '/dashboard/RequestMoney', labelKey: 'nav.requestMoney', icon: RequestIcon },
      { to: '/dashboard/TransitionHistory', labelKey: 'nav.transactionHistory', icon: ListIcon },
      { to: '/dashboard/addAccount', labelKey: 'nav.favourites', icon: StarIcon },
    ],
  },
  {
    headingKey: 'nav.groupAddMoney',
    items: [
      { to: '/dashboard/addMoney', labelKey: 'nav.addMoney', icon: PlusCircleIcon },
      { to: '/dashboard/addMoneyFromBank', labelKey: 'nav.addMoneyFromBank', icon: BankIcon },
      { to: '/dashboard/BankTransfer', labelKey: 'nav.cardDeposit', icon: CardIcon },
      { to: '/dashboard/paypal', labelKey: 'nav.paypal', icon: WalletIcon },
    ],
  },
  {
    headingKey: 'nav.groupMore',
    items: [
      { to: '/dashboard/myAccount', labelKey: 'nav.myAccount', icon: UserIcon },
      { to: '/dashboard/Setting', labelKey: 'nav.settings', icon: SlidersIcon },
      { to: '/dashboard/CurrencyConvert', labelKey: 'nav.currencyConvert', icon: ExchangeIcon },
      { to: '/dashboard/takeLone', labelKey: 'nav.loans', icon: CashIcon },
      { to: '/dashboard/Faqs', labelKey: 'nav.faqs', icon: QuestionIcon },
      { to: '/dashboard/ContactUS', labelKey: 'nav.contactUs', icon: MailIcon },
      { to: '/dashboard/SupportTicket', labelKey: 'nav.supportTicket', icon: TicketIcon },
      { to: '/dashboard/addReview', labelKey: 'nav.addReview', icon: ChatIcon },
      { to: '/', labelKey: 'nav.home', icon: HomeIcon, end: true },
    ],
  },
];

/** Every item of the side navigation, in order. */
export const navItems: NavItem[] = navGroups.flatMap((group) => group.items);

/** The bottom tab bar on phones: the four things people do most, one thumb away. */
export const tabItems: NavItem[] = [
  { to: '/dashboard', labelKey: 'tabs.home', icon: GridIcon, end: true },
  { to: '/dashboard/sendMoney', labelKey: 'tabs.send', icon: SendIcon },
  { to: '/dashboard/addMoney', labelKey: 'tabs.addMoney', icon: PlusCircleIcon },
  { to: '/dashboard/TransitionHistory', labelKey: 'tabs.statement', icon: ListIcon },
];
