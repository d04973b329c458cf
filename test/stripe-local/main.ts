import { startStripeLocal } from "./server";

/** `npm run stripe:local`: a Stripe stand-in on STRIPE_LOCAL_PORT that posts signed events to the app's webhook. */
async function main(): Promise<void> {
  const port = Number(process.env.STRIPE_LOCAL_PORT ?? 12111);
  const webhookUrl = process.env.STRIPE_WEBHOOK_URL ?? "http://localhost:3000/api/stripe/webhook";
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local";
  const local = await startStripeLocal({ port, webhookUrl, webhookSecret });
  console.log(`Stripe stand-in listening on ${local.url}; events are posted to ${webhookUrl}`);
  console.log("Start the app with:");
  console.log(`  STRIPE_API_BASE=${local.url} STRIPE_SECRET_KEY=sk_test_local STRIPE_PUBLISHABLE_KEY=pk_test_local STRIPE_WEBHOOK_SECRET=${webhookSecret} npm run dev`);
  console.log(`Pay a PaymentIntent:  curl -X POST ${local.url}/_local/payment_intents/<pi_id>/confirm -d card=4242424242424242`);
  console.log(`Renew a subscription: curl -X POST ${local.url}/_local/subscriptions/<sub_id>/renew`);
  console.log(`Events so far:        curl ${local.url}/_local/events`);
  const stop = () => void local.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
