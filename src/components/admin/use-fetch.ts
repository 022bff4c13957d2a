import { useCallback, useEffect, useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';

/** Loads JSON from an admin endpoint; `reload` fetches again, `setData` applies local changes. */
export function useFetch<T>(url: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await apiRequest<T>('GET', url));
      setError('');
    } catch (failure) {
      setError(errorMessage(failure, 'Could not load this page. Please try again.'));
    } finally {
      setLoading(false);
    }
  }, [url]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, error, loading, reload };
}
