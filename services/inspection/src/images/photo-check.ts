// The photo check moved to the kit (repair's record photos use the same rules).
export { checkPhoto, type CheckedPhoto } from '@windward/service-kit';
