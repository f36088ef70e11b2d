import ReactDiffViewer, { DiffMethod } from 'react-diff-viewer-continued';

import { useTheme } from '../../../shared/ui/theme';

// The viewer's split table insists on 1000 px; in the chat column it fits the card and wraps long lines instead.
const styles = { diffContainer: { minWidth: 'unset' } };

/** react-diff-viewer-continued (its own lazy chunk; it computes the diff in a blob: worker). */
export default function DiffView({ oldText, newText, split }: { oldText: string; newText: string; split: boolean }) {
  const dark = useTheme() === 'tern-dark';
  return (
    <div className="overflow-x-auto text-xs" data-testid="diff-view">
      <ReactDiffViewer
        oldValue={oldText}
        newValue={newText}
        splitView={split}
        useDarkTheme={dark}
        compareMethod={DiffMethod.WORDS}
        extraLinesSurroundingDiff={3}
        hideSummary
        styles={styles}
      />
    </div>
  );
}
