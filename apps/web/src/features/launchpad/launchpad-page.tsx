import { FAILED_TO_FETCH_LAUNCHPAD_INFO } from '@om/core';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useXConnectResult } from '../x-account/use-x-connect-result.ts';
import { AuctionDetailsStep } from './auction-details-step.tsx';
import { AuctionFormatStep } from './auction-format-step.tsx';
import { AuctionInfoStep } from './auction-info-step.tsx';
import { AuctionSubmitStep } from './auction-submit-step.tsx';
import { ChooseInscriptionsStep } from './choose-inscriptions-step.tsx';
import { CollectionInfoStep } from './collection-info-step.tsx';
import { EditionStep } from './edition-step.tsx';
import { EditionSubmitStep } from './edition-submit-step.tsx';
import { FinalizeSubmissionStep } from './finalize-submission-step.tsx';
import { GetStartedStep } from './get-started-step.tsx';
import type { StepProps } from './launch-draft.ts';
import { LaunchTypeStep } from './launch-type-step.tsx';
import { MyLaunches } from './my-launches.tsx';
import { PhasesStep } from './phases-step.tsx';
import { SelectItemsStep } from './select-items-step.tsx';
import { SubmitProjectStep } from './submit-project-step.tsx';
import { useLaunchWizard } from './use-launch-wizard.ts';
import { WizardSidebar } from './wizard-sidebar.tsx';
import { projectPath, stepTitle, type StepId } from './wizard-steps.ts';

/**
 * The creator wizard at /launchpad (product.md#wizard-screens, #states-and-transitions): the steps
 * beside the current one.
 */
export function LaunchpadPage() {
  const [searchParams] = useSearchParams();
  const wizard = useLaunchWizard(searchParams.get('id'));
  useXConnectResult();
  const { draft, flow, steps, index, step } = wizard;
  const headingId = useId();
  const title = stepTitle(steps, index, draft);
  const slug = flow === 'auction' ? draft.auction.info.slug : draft.info.slug;
  const stepProps: StepProps = {
    draft,
    onChange: wizard.onChange,
    onValidChange: wizard.onValidChange,
  };

  return (
    <Page title="Create" subtitle="Launch a collection, an edition or an auction.">
      <MyLaunches />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <WizardSidebar
          steps={steps}
          current={index}
          isSubmitted={wizard.isLastStep && draft.submitState === 'submitted'}
          onSelect={wizard.goTo}
        />
        <section
          aria-labelledby={headingId}
          className="flex min-w-0 flex-col gap-6 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4 md:p-6"
        >
          <header className="flex flex-col gap-1">
            <p className="text-xs text-zinc-500">
              Step {index + 1} of {steps.length}
            </p>
            <h2 id={headingId} className="text-lg font-semibold text-zinc-50">
              {wizard.isLastStep && draft.submitState === 'submitted' && slug ? (
                <Link to={projectPath(flow, slug)} className="text-brand-400 underline">
                  {title}
                </Link>
              ) : (
                title
              )}
            </h2>
          </header>
          {wizard.linkError ? <Alert>{wizard.linkError}</Alert> : null}
          {/* The Submit Project step says this itself, with its own toast. */}
          {wizard.infoError && step.id !== 'submit-project' ? (
            <Alert>
              {FAILED_TO_FETCH_LAUNCHPAD_INFO}: {errorMessage(wizard.infoError)}
            </Alert>
          ) : null}
          <StepBody key={step.id} stepId={step.id} props={stepProps} />
          <footer className="flex items-center justify-between gap-3 border-t border-zinc-800 pt-4">
            <Button onClick={wizard.previous} disabled={!wizard.canPrevious}>
              Previous
            </Button>
            {wizard.isLastStep ? null : (
              <Button variant="primary" onClick={wizard.next} disabled={!wizard.canNext}>
                Next
              </Button>
            )}
          </footer>
        </section>
      </div>
    </Page>
  );
}

function StepBody({ stepId, props }: { stepId: StepId; props: StepProps }) {
  switch (stepId) {
    case 'get-started':
      return <GetStartedStep {...props} />;
    case 'launch-type':
      return <LaunchTypeStep {...props} />;
    case 'collection-info':
    case 'provide-details':
      return <CollectionInfoStep {...props} />;
    case 'choose-inscriptions':
      return <ChooseInscriptionsStep {...props} />;
    case 'phases':
      return <PhasesStep {...props} />;
    case 'submit-project':
      return <SubmitProjectStep {...props} />;
    case 'choose-original':
      return <EditionStep {...props} />;
    case 'submit-edition':
      return <EditionSubmitStep {...props} />;
    case 'select-items':
      return <SelectItemsStep {...props} />;
    case 'finalize-submission':
      return <FinalizeSubmissionStep {...props} />;
    case 'submit-auction-information':
      return <AuctionInfoStep {...props} />;
    case 'auction-details':
      return <AuctionDetailsStep {...props} />;
    case 'auction-format':
      return <AuctionFormatStep {...props} />;
    case 'submit-auction':
      return <AuctionSubmitStep {...props} />;
  }
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-red-300"
    >
      {children}
    </p>
  );
}
