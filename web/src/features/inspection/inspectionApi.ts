/** The inspection endpoints live in shared/inspection (the work tools use them too). */
export * from '@/shared/inspection/inspectionApi';
