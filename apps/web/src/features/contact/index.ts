/** What other features may use from the contact feature. Pages are loaded lazily by the router. */
export { ContactForm, type ContactFormProps } from './components/ContactForm';
export { ContactDetails } from './components/ContactDetails';
