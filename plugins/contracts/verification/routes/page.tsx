export default function VerificationPage() {
  return null;
}
