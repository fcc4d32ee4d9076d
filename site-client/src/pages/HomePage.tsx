import { Link } from 'react-router';
import { t } from '../app/messages';
import { groupByCategory } from '../ai/toolGroups';
import { AI_CATALOG_PATH, CHECK_CATALOG, CHECK_PRODUCTS, REPORT_CATALOG, WRITING_CATALOG, WRITING_TOOLS } from '../catalog';
import { ProductGrid, ProductLinks } from '../components/ProductGrid';
import './pages.css';

const STEPS = [
  { title: 'home.step1Title', text: 'home.step1Text' },
  { title: 'home.step2Title', text: 'home.step2Text' },
  { title: 'home.step3Title', text: 'home.step3Text' },
] as const;

/** The home page: featured tools and checks, then every route of the catalog (spec 2.3), writing tools by category. */
export function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="hero-eyebrow">{t('home.eyebrow')}</p>
          <h1>{t('home.title')}</h1>
          <p className="hero-lead">{t('home.lead')}</p>
          <div className="hero-actions">
            <Link to="/aiwnxz" className="button button-large">
              {t('home.startWriting')}
            </Link>
            <Link to="/bkysb" className="button button-large button-ghost">
              {t('home.checkPaper')}
            </Link>
          </div>
          <ul className="hero-points">
            <li>
              <strong>{t('home.pointToolsValue')}</strong>
              <span>{t('home.pointTools')}</span>
            </li>
            <li>
              <strong>{t('home.pointChecksValue', { count: CHECK_PRODUCTS.length })}</strong>
              <span>{t('home.pointChecks')}</span>
            </li>
            <li>
              <strong>{t('home.pointReportsValue')}</strong>
              <span>{t('home.pointReports')}</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section" id="writing" aria-labelledby="writing-title">
        <div className="container">
          <div className="section-head">
            <h2 id="writing-title">{t('home.writingTitle')}</h2>
            <p>{t('home.writingLead')}</p>
          </div>
          <ProductGrid products={WRITING_TOOLS} tone="write" />
        </div>
      </section>

      <section className="section section-alt" id="check" aria-labelledby="check-title">
        <div className="container">
          <div className="section-head">
            <h2 id="check-title">{t('home.checkTitle')}</h2>
            <p>{t('home.checkLead')}</p>
          </div>
          <ProductGrid products={CHECK_PRODUCTS} tone="check" />
          <ProductLinks products={CHECK_CATALOG.slice(CHECK_PRODUCTS.length)} label={t('home.checkTitle')} />
        </div>
      </section>

      <section className="section" id="all-tools" aria-labelledby="all-tools-title">
        <div className="container">
          <div className="section-head">
            <h2 id="all-tools-title">{t('home.allToolsTitle')}</h2>
            <p>{t('home.allToolsLead', { count: WRITING_CATALOG.length })}</p>
          </div>
          {groupByCategory(WRITING_CATALOG).map((group) => (
            <div key={group.category} className="home-category">
              <h3>{group.category}</h3>
              <ProductLinks products={group.tools} label={group.category} />
            </div>
          ))}
          <p className="home-catalog-link">
            <Link to={AI_CATALOG_PATH} className="button button-outline">
              {t('home.allToolsLink')}
            </Link>
          </p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="services-title">
        <div className="container">
          <div className="section-head">
            <h2 id="services-title">{t('home.servicesTitle')}</h2>
          </div>
          <ProductLinks
            products={[
              ...REPORT_CATALOG,
              { path: '/memberIndex', name: t('nav.memberCenter'), description: t('member.signedOutText') },
              { path: '/loginwx', name: t('login.qrLink'), description: t('wechat.scanHint') },
            ]}
            label={t('home.servicesTitle')}
          />
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <div className="section-head">
            <h2 id="steps-title">{t('home.stepsTitle')}</h2>
          </div>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <span className="step-number">{index + 1}</span>
                <strong>{t(step.title)}</strong>
                <span>{t(step.text)}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
