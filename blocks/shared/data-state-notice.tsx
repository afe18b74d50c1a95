import { Notice, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import { editorSettings } from './editor-settings';
import type { Problem, Resource } from './use-studio-resource';

interface Props {
  resource: Resource<unknown>;
  /** What was asked for, named in the "not found" message: a studio ID or a user ID. */
  subject: { kind: 'studio' | 'user'; id: string };
  children: ReactNode;
}

function problemMessage(problem: Problem, subject: Props['subject']): string {
  switch (problem) {
    case 'not-configured':
      return __('Studio Data is not set up yet: enter the API address and your studio ID in Settings › Studio Data.', 'studio-data');
    case 'not-found':
      return subject.kind === 'studio'
        ? sprintf(/* translators: %s: a studio ID */ __('Studio Data has no studio “%s”. Check the studio ID in the block settings or in Settings › Studio Data.', 'studio-data'), subject.id)
        : sprintf(/* translators: %s: a user ID */ __('Studio Data has no public profile for the user “%s”.', 'studio-data'), subject.id);
    case 'no-subject':
      return subject.kind === 'studio'
        ? __('Enter a studio ID in the block settings.', 'studio-data')
        : __('Enter the ID of the user whose profile to show in the block settings.', 'studio-data');
    case 'unavailable':
      return __('The Studio Data API cannot be reached right now. Visitors see the last data the site kept; try again in a moment.', 'studio-data');
  }
}

/** Shows the children once the studio's data is there, a spinner while it loads, and why not otherwise. */
export function DataStateNotice({ resource, subject, children }: Props) {
  if (resource.status === 'loading') {
    return (
      <p className="studio-data-editor-state" role="status">
        <Spinner /> {__('Loading the studio’s data…', 'studio-data')}
      </p>
    );
  }
  if (resource.status === 'error') {
    const { settingsUrl } = editorSettings();
    return (
      <Notice status={resource.problem === 'unavailable' ? 'error' : 'warning'} isDismissible={false}>
        <p>{problemMessage(resource.problem, subject)}</p>
        {resource.detail && <p>{resource.detail}</p>}
        {resource.problem === 'not-configured' && settingsUrl !== '' && (
          <p>
            <a href={settingsUrl}>{__('Open the Studio Data settings', 'studio-data')}</a>
          </p>
        )}
      </Notice>
    );
  }
  return <>{children}</>;
}

/** What a control panel shows when the studio has none of the things it would list. */
export function EmptyListNotice({ children }: { children: ReactNode }) {
  return <p className="studio-data-editor-empty">{children}</p>;
}
