import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionReset } from '@/core/session/sessionSlice';

/**
 * SPEC §3 "userSelectedData": what the user chose on the inspection screens, shared between
 * them (wind farm overview → turbine page) and mirrored in each screen's URL query.
 * `inspectionSubType` holds the inspection type of the selectors: the part-2 component type
 * (1 blade external, 5 blade internal, 2 tower, 3 foundation, 4 nacelle, 0 LPS).
 */
export interface UserSelectedData {
  windFarmId: string | null;
  projectId: string | null;
  turbineId: string | null;
  inspectionId: string | null;
  inspectionSubType: number | null;
  /** Local time of the chosen inspection (ISO text), for display. */
  localTime: string | null;
  bladeSerialNo: string | null;
  bladeId: string | null;
}

export interface AssetState {
  userSelectedData: UserSelectedData;
}

export const EMPTY_SELECTION: UserSelectedData = {
  windFarmId: null,
  projectId: null,
  turbineId: null,
  inspectionId: null,
  inspectionSubType: null,
  localTime: null,
  bladeSerialNo: null,
  bladeId: null,
};

const initialState: AssetState = { userSelectedData: EMPTY_SELECTION };

/** Which fields depend on which: a new park clears its project, turbine, inspection and blade. */
const DEPENDENTS: Partial<Record<keyof UserSelectedData, Array<keyof UserSelectedData>>> = {
  windFarmId: ['projectId', 'turbineId', 'inspectionId', 'localTime', 'bladeSerialNo', 'bladeId'],
  turbineId: ['inspectionId', 'localTime', 'bladeSerialNo', 'bladeId'],
};

/** Applies a partial selection; changing a park or turbine clears what belonged to the old one. */
export function applySelection(current: UserSelectedData, patch: Partial<UserSelectedData>): UserSelectedData {
  const next = { ...current };
  for (const key of Object.keys(patch) as Array<keyof UserSelectedData>) {
    const value = patch[key];
    if (value === undefined || value === current[key]) continue;
    for (const dep of DEPENDENTS[key] ?? []) if (!(dep in patch)) (next as Record<string, unknown>)[dep] = null;
  }
  for (const key of Object.keys(patch) as Array<keyof UserSelectedData>) {
    const value = patch[key];
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

export const assetSlice = createSlice({
  name: 'asset',
  initialState,
  reducers: {
    selectionChanged(state, action: PayloadAction<Partial<UserSelectedData>>) {
      state.userSelectedData = applySelection(state.userSelectedData, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialState);
  },
});

export const { selectionChanged } = assetSlice.actions;

// The asset slice is part of the store's state (combined in shell/store.ts).
declare module '@/core/store' {
  interface FeatureStates {
    asset: AssetState;
  }
}
