import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AppDownload } from '../components/landing/AppDownload';
import { HeroSection } from '../components/landing/HeroSection';
import { PartnerSlider } from '../components/landing/PartnerSlider';
import { ReviewsSection } from '../components/landing/ReviewsSection';
import { ServicesGrid } from '../components/landing/ServicesGrid';
import { WhySection } from '../components/landing/WhySection';

/** The landing page: hero, partners, services, why Poisha, the app, reviews (the footer is the layout's). */
export default function HomePage() {
  const { t } = useTranslation('public');
  const { hash } = useLocation();

  // A link such as "/#services" (from a service page) lands on that section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <title>{t('home.pageTitle')}</title>
      <HeroSection />
      <PartnerSlider />
      <ServicesGrid />
      <WhySection />
      <AppDownload />
      <ReviewsSection />
    </>
  );
}
