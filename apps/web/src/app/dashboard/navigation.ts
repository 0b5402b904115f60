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

/** The side navigation, in the spec's order, with readable labels (route paths stay as bookmarked). */
export const navItems: NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: HomeIcon, end: true },
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: GridIcon, end: true },
  { to: '/dashboard/sendMoney', labelKey: 'nav.sendMoney', icon: SendIcon },
  { to: '/dashboard/addMoneyFromBank', labelKey: 'nav.addMoneyFromBank', icon: BankIcon },
  { to: '/dashboard/addMoney', labelKey: 'nav.addMoney', icon: PlusCircleIcon },
  { to: '/dashboard/RequestMoney', labelKey: 'nav.requestMoney', icon: RequestIcon },
  { to: '/dashboard/BankTransfer', labelKey: 'nav.cardDeposit', icon: CardIcon },
  { to: '/dashboard/addAccount', labelKey: 'nav.favourites', icon: StarIcon },
  { to: '/dashboard/CurrencyConvert', labelKey: 'nav.currencyConvert', icon: ExchangeIcon },
  { to: '/dashboard/TransitionHistory', labelKey: 'nav.transactionHistory', icon: ListIcon },
  { to: '/dashboard/paypal', labelKey: 'nav.paypal', icon: WalletIcon },
  { to: '/dashboard/takeLone', labelKey: 'nav.loans', icon: CashIcon },
  { to: '/dashboard/Faqs', labelKey: 'nav.faqs', icon: QuestionIcon },
  { to: '/dashboard/ContactUS', labelKey: 'nav.contactUs', icon: MailIcon },
  { to: '/dashboard/SupportTicket', labelKey: 'nav.supportTicket', icon: TicketIcon },
  { to: '/dashboard/addReview', labelKey: 'nav.addReview', icon: ChatIcon },
  { to: '/dashboard/Setting', labelKey: 'nav.settings', icon: SlidersIcon },
];
