/** The contract labels live in shared/inspection (the work tools use them too). */
export * from '@/shared/inspection/labels';
