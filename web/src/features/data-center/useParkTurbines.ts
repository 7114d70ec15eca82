import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParkListsAllPermittedProjectFarmsQuery, useTurbinesListQuery } from './dataCenterApi';

/** The permitted parks, the chosen one and its turbines (by name), for the Data Center's selectors. */
export function useParkTurbines() {
  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const [parkId, setParkId] = useState<string | undefined>();
  const turbines = useTurbinesListQuery(parkId ? { id: parkId, pageSize: 500, fieldToSort: 'turbineName' } : skipToken);
  const parkOptions = (parks.data ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }));
  const turbineOptions = (turbines.data?.results ?? []).map((x) => ({ value: x.turbineId, label: x.turbineName }));
  return { parks, parkId, setParkId, turbines, parkOptions, turbineOptions };
}
