// The multipart photo reader moved to the kit (repair's record photos use the same limits).
// multer's types declare `Express.Multer.File`, which the upload routes use.
import type {} from 'multer';
export { PhotoUploadInterceptor } from '@windward/service-kit';
