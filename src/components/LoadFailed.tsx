/** The error state every list and page shows when a load fails: message and a retry. */
export function LoadFailed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p className="load-failed__message">{message || '加载失败'}</p>
      <button type="button" className="load-failed__retry" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
