// The manifest kept on the device lives in api/ (the validator of features/embarque reads it too).
export * from '@/api/manifiesto';
