import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import NotFoundPage from '../components/NotFoundPage.tsx';
import { GlobalOverlays } from './GlobalOverlays.tsx';
import './app.css';

const AboutUsPage = lazy(() => import('../pages/about-us/AboutUsPage.tsx'));

export function App() {
  return (
    <>
      <Suspense fallback={<div className="page" aria-busy="true" />}>
        <Switch>
          <Route path="/aboutus" component={AboutUsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <GlobalOverlays />
    </>
  );
}
