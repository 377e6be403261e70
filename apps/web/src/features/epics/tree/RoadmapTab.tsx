import { Component, type ReactNode, Suspense } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';

export const ROADMAP_ERROR = 'Failed to load Roadmap';

// The roadmap's chunk loads on the tab's first open only.
const EpicChildrenRoadmap = lazyNamed(() => import('../../roadmap/RoadmapPage'), 'EpicChildrenRoadmap');

class RoadmapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Alert variant="danger">{ROADMAP_ERROR}</Alert> : this.props.children;
  }
}

/** The Roadmap tab: the group roadmap scoped to this epic's child epics (the roadmap's `epic_iid`). */
export function RoadmapTab({ groupPath, iid }: { groupPath: string; iid: number }) {
  return (
    <RoadmapBoundary>
      <Suspense fallback={<Spinner label="Loading roadmap" />}>
        <EpicChildrenRoadmap fullPath={groupPath} epicIid={iid} />
      </Suspense>
    </RoadmapBoundary>
  );
}
